#include <libintl.h>
#include <locale.h>
#include <stdio.h>

#define _(s) gettext(s)

int main(int argc, char **argv)
{
    int unread = argc - 1;

    setlocale(LC_ALL, "");
    bindtextdomain("greeter", LOCALEDIR);
    textdomain("greeter");

    printf(_("Hello, world!\n"));
    printf(ngettext("You have %d new message.\n", "You have %d new messages.\n", unread), unread);
    printf(_("Visit <https://greeter.example.org/> to learn more.\n"));
    /* TRANSLATORS: the item of the File menu that ends the program */
    puts(pgettext("menu", "Quit"));
    puts(_("Goodbye."));
    return 0;
}
