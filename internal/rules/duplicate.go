package rules

// duplicateChecks are Weblate's checks of weblate/checks/duplicate.py.
var duplicateChecks = []*Check{}
