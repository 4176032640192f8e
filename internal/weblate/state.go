package weblate

// State is a unit's state, numbered as Weblate numbers them (weblate/utils/state.py).
type State int8

// Weblate's unit states.
const (
	StateEmpty      State = 0
	StateFuzzy      State = 10
	StateTranslated State = 20
	StateApproved   State = 30
	StateReadOnly   State = 100
)

// States lists every state in ascending order.
var States = []State{StateEmpty, StateFuzzy, StateTranslated, StateApproved, StateReadOnly}

// String is the state's name in Weblate's search language (STATE_NAMES).
func (s State) String() string {
	switch s {
	case StateEmpty:
		return "empty"
	case StateFuzzy:
		return "needs-editing"
	case StateTranslated:
		return "translated"
	case StateApproved:
		return "approved"
	case StateReadOnly:
		return "read-only"
	}
	return "unknown"
}

// IsTranslated is Weblate's test for a translated unit: translated, approved or
// read-only (STATE_TRANSLATED and above).
func (s State) IsTranslated() bool { return s >= StateTranslated }
