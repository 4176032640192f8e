#include <libintl.h>
#include <locale.h>
#include <stdio.h>
#define _(s) gettext(s)

int main(void) {
	setlocale(LC_ALL, "");
	textdomain("myapp");
	int n = 2;

	puts(_("Hello, world!"));
	printf(ngettext("%d file saved", "%d files saved", n), n);
	puts(_("Quit"));
	puts(_("Open a file"));
	return 0;
}
