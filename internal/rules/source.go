package rules

// sourceChecks are Weblate's checks of weblate/checks/source.py.
var sourceChecks = []*Check{}
