package rules

// consistencyChecks are Weblate's checks of weblate/checks/consistency.py.
var consistencyChecks = []*Check{}
