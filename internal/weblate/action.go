package weblate

import "strconv"

// Action is a change's action, numbered as Weblate 4.18 numbers them
// (weblate/trans/models/change.py, Change.ACTION_*).
type Action int

// The actions gitlate logs; the others are listed in String.
const (
	ActionResourceUpdate  Action = 0
	ActionChange          Action = 2
	ActionNew             Action = 5
	ActionRebase          Action = 21
	ActionRemoveLanguage  Action = 25
	ActionSourceChange    Action = 30
	ActionNewStrings      Action = 44
	ActionAlert           Action = 47
	ActionAddedLanguage   Action = 48
	ActionCreateProject   Action = 50
	ActionCreateComponent Action = 51
	ActionHook            Action = 53
)

// actionNames are Weblate 4.18's labels (Change.ACTION_CHOICES), typos included.
var actionNames = map[Action]string{
	0: "Resource update", 1: "Translation completed", 2: "Translation changed",
	3: "Comment added", 4: "Suggestion added", 5: "New translation",
	6: "Automatic translation", 7: "Suggestion accepted", 8: "Translation reverted",
	9: "Translation uploaded", 13: "New source string", 14: "Component locked",
	15: "Component unlocked", 17: "Committed changes", 18: "Pushed changes",
	19: "Reset repository", 20: "Merged repository", 21: "Rebased repository",
	22: "Failed merge on repository", 23: "Failed rebase on repository", 24: "Parse error",
	25: "Removed translation", 26: "Suggestion removed", 27: "Search and replace",
	28: "Failed push on repository", 29: "Suggestion removed during cleanup",
	30: "Source string changed", 31: "New string added", 32: "Bulk status change",
	33: "Changed visibility", 34: "Added user", 35: "Removed user",
	36: "Translation approved", 37: "Marked for edit", 38: "Removed component",
	39: "Removed project", 41: "Renamed project", 42: "Renamed component",
	43: "Moved component", 44: "New strings to translate", 45: "New contributor",
	46: "New announcement", 47: "New alert", 48: "Added new language",
	49: "Requested new language", 50: "Created project", 51: "Created component",
	52: "Invited user", 53: "Received repository notification", 54: "Replaced file by upload",
	55: "License changed", 56: "Contributor agreement changed", 57: "Screnshot added",
	58: "Screnshot uploaded", 59: "String updated in the repository", 60: "Add-on installed",
	61: "Add-on configuration changed", 62: "Add-on uninstalled", 63: "Removed string",
	64: "Removed comment", 65: "Resolved comment", 66: "Explanation updated",
}

// Known reports whether Weblate 4.18 has the action (change filters accept only those).
func (a Action) Known() bool {
	_, ok := actionNames[a]
	return ok
}

// String is the action's label; an unknown action shows its number.
func (a Action) String() string {
	if s, ok := actionNames[a]; ok {
		return s
	}
	return "Action " + strconv.Itoa(int(a))
}

// Label is the label of a change with this action standing for count strings:
// Weblate words 44 in the singular for one string.
func (a Action) Label(count int) string {
	if a == ActionNewStrings && count == 1 {
		return "New string to translate"
	}
	return a.String()
}
