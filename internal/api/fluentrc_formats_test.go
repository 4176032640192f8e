package api

import (
	"reflect"
	"testing"

	"github.com/gin-gonic/gin"

	"github.com/gitlate/gitlate/internal/testutil"
)

// The units API and file downloads of a Fluent component, served from a real
// repository (testutil.FluentRCFormatFiles).

func fluentRCFormatServer(t *testing.T) *gin.Engine {
	t.Helper()
	return repoEngine(t, testutil.RepoConfig(t, testutil.FluentRCFormatFiles, testutil.FluentRCFormatsConfig))
}

func TestFluentRCFormatUnits(t *testing.T) {
	h := fluentRCFormatServer(t)
	got := unitsOf[formatUnit](t, h, "/api/translations/demo/ftl/de/units/")
	sel := func(one, other string) string {
		return "{ $count ->\n    [one] " + one + "\n   *[other] { $count } " + other + "\n}"
	}
	// The context is the message's id, a term's with its "-"; attributes
	// are lines of the text; the note is the template's (every resource
	// comment, the group, the message's comment) and then the
	// translation's where they differ (TTKitUnit.notes); a message the
	// translation lacks is empty.
	want := []formatUnit{
		{[]string{"Firefox\n.gender = masculine"}, []string{"Firefox\n.gender = masculine"}, "-brand", "Strings of the app\n", "", "", 20, true, false, 1, 4},
		{[]string{sel("One unread email", "unread emails")}, []string{sel("Eine ungelesene E-Mail", "ungelesene E-Mails")}, "emails",
			"Strings of the app\nMenu\n$count (number) - unread emails\nMenu", "", "", 20, true, false, 2, 14},
		{[]string{"Open { -brand }"}, []string{"{ -brand } öffnen"}, "open", "Strings of the app\nMenu\nMenu", "", "", 20, true, false, 3, 4},
		{[]string{".placeholder = email@example.com\n.aria-label = Login input"}, []string{""}, "login-input", "Strings of the app\nMenu\n", "", "", 0, false, false, 4, 7},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%d units\n got %+v\nwant %+v", len(got), got, want)
	}
}

func TestFluentRCFormatFiles(t *testing.T) {
	h := fluentRCFormatServer(t)
	// FluentFormat names its MIME type and extension itself.
	checkFiles(t, h, testutil.FluentRCFormatFiles, []fileCase{
		{"/api/translations/demo/ftl/de/file/", "text/x-fluent", "attachment; filename=demo-ftl-de.ftl", "locales/de/app.ftl"},
		{"/api/translations/demo/ftl/en/file/", "text/x-fluent", "attachment; filename=demo-ftl-en.ftl", "locales/en-US/app.ftl"},
	})
}
