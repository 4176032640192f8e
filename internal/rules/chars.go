package rules

// charsChecks are Weblate's checks of weblate/checks/chars.py.
var charsChecks = []*Check{}
