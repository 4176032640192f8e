package rules

// markupChecks are Weblate's checks of weblate/checks/markup.py.
var markupChecks = []*Check{}
