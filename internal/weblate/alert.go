package weblate

// AlertKind names a problem gitlate found in a component. Where Weblate has the same
// alert (weblate/trans/models/alert.py) the name is Weblate's.
type AlertKind uint8

// The alert kinds.
const (
	AlertParseError AlertKind = iota + 1
	AlertMissingTemplate
	AlertNoMatch
	AlertNotLanguage
	AlertDuplicateLanguage
	AlertDuplicateString
	AlertRepositoryError
	AlertSymlink
	AlertCloning
	AlertFetchFailed
	AlertUnknownFormat
	AlertStorage
	AlertBadPluralQuantity
	AlertLoneSurrogate
)

var alertNames = [...]string{
	AlertParseError:        "ParseError",
	AlertMissingTemplate:   "MissingTemplate",
	AlertNoMatch:           "NoMatch",
	AlertNotLanguage:       "NotLanguage",
	AlertDuplicateLanguage: "DuplicateLanguage",
	AlertDuplicateString:   "DuplicateString",
	AlertRepositoryError:   "RepositoryError",
	AlertSymlink:           "Symlink",
	AlertCloning:           "Cloning",
	AlertFetchFailed:       "FetchFailed",
	AlertUnknownFormat:     "UnknownFormat",
	AlertStorage:           "StorageError",
	AlertBadPluralQuantity: "BadPluralQuantity",
	AlertLoneSurrogate:     "LoneSurrogate",
}

// String is the alert's name as the change log and the pages show it.
func (k AlertKind) String() string {
	if int(k) < len(alertNames) && alertNames[k] != "" {
		return alertNames[k]
	}
	return "Alert"
}
