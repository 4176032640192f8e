package rules

// placeholdersChecks are Weblate's checks of weblate/checks/placeholders.py
// (placeholders, regex) and chars.py's max-length.
var placeholdersChecks = []*Check{}
