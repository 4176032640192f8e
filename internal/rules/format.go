package rules

// formatChecks are Weblate's checks of weblate/checks/format.py.
var formatChecks = []*Check{}
