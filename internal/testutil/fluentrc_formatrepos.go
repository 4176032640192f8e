package testutil

// FluentRCFormatFiles holds a Fluent component: Mozilla's locales/<code>/
// folders, en-US the template.
var FluentRCFormatFiles = map[string]string{
	// A resource comment, a group, a comment attached to a message, a term
	// with an attribute, a select expression, a message with attributes
	// only, and a detached comment.
	"locales/en-US/app.ftl": "# This Source Code Form is subject to the terms of the Mozilla Public\n" +
		"# License, v. 2.0.\n\n### Strings of the app\n\n-brand = Firefox\n    .gender = masculine\n\n## Menu\n\n" +
		"# $count (number) - unread emails\nemails =\n    { $count ->\n        [one] One unread email\n       *[other] { $count } unread emails\n    }\n" +
		"open = Open { -brand }\nlogin-input =\n    .placeholder = email@example.com\n    .aria-label = Login input\n",
	"locales/de/app.ftl": "-brand = Firefox\n    .gender = masculine\n\n## Menu\n\n" +
		"emails =\n    { $count ->\n        [one] Eine ungelesene E-Mail\n       *[other] { $count } ungelesene E-Mails\n    }\n" +
		"open = { -brand } öffnen\n",
}

// FluentRCFormatsConfig reads FluentRCFormatFiles: project demo with
// component ftl (fluent).
const FluentRCFormatsConfig = `projects:
  - name: Demo
    slug: demo
    components:
      - name: Fluent
        slug: ftl
        repo: REPO
        filemask: locales/*/app.ftl
        template: locales/en-US/app.ftl
        file_format: fluent
`
