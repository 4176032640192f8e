package rules

// sameChecks are Weblate's checks of weblate/checks/same.py.
var sameChecks = []*Check{}
