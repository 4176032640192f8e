package search

import "time"

// Scope is what a query says of whole translations: which ones it can match
// strings of, read from its terms on the translation's language, component and
// project alone. A units listing over many translations asks it first, so that
// language:, component: and project: keep it from reading the others' files.
type Scope struct {
	eval  triPred
	exact bool
}

// verdict is a three-valued truth (Kleene's logic): a term on a string's own
// fields is unknown until the string is read.
type verdict uint8

const (
	verdictNo verdict = iota
	verdictYes
	verdictUnknown
)

func (v verdict) String() string {
	switch v {
	case verdictNo:
		return "no"
	case verdictYes:
		return "yes"
	}
	return "unknown"
}

type triPred func(*Unit) verdict

// translationFields are the fields every string of a translation shares.
var translationFields = map[Field]bool{FieldLanguage: true, FieldComponent: true, FieldProject: true}

// ScopeOf compiles q's scope. A query Parse refuses has a scope that rules
// nothing out.
func ScopeOf(q string) *Scope {
	tree, err := parseTree(q)
	if err != nil {
		return &Scope{eval: func(*Unit) verdict { return verdictUnknown }}
	}
	c := compiler{now: time.Now().UTC(), fields: map[Field]bool{}}
	s := &Scope{exact: true}
	s.eval = c.scope(tree, &s.exact)
	return s
}

// MayMatch reports whether a string of a translation with probe's Language,
// Component, ComponentName and Project may match the query: false means none
// can, whatever its other fields.
func (s *Scope) MayMatch(probe *Unit) bool { return s.eval(probe) != verdictNo }

// Exact reports whether the query reads nothing but those fields: then MayMatch
// is the answer for every string of the translation.
func (s *Scope) Exact() bool { return s.exact }

// scope compiles n to a three-valued predicate over a translation's fields: a term
// that reads only those is evaluated, any other is unknown. exact is cleared when
// a term reads a string's own fields.
func (c *compiler) scope(n *node, exact *bool) triPred {
	if n == nil {
		return func(*Unit) verdict { return verdictYes }
	}
	if n.op == "" {
		sub := compiler{now: c.now, fields: map[Field]bool{}}
		p, err := sub.term(n)
		if err != nil {
			*exact = false
			return func(*Unit) verdict { return verdictUnknown }
		}
		for f := range sub.fields {
			if !translationFields[f] {
				*exact = false
				return func(*Unit) verdict { return verdictUnknown }
			}
		}
		return func(u *Unit) verdict {
			if p(&subject{Unit: u}) {
				return verdictYes
			}
			return verdictNo
		}
	}
	items := make([]triPred, len(n.items))
	for i, it := range n.items {
		items[i] = c.scope(it, exact)
	}
	switch n.op {
	case "NOT":
		p := items[0]
		return func(u *Unit) verdict {
			switch p(u) {
			case verdictYes:
				return verdictNo
			case verdictNo:
				return verdictYes
			}
			return verdictUnknown
		}
	case "OR":
		return func(u *Unit) verdict {
			v := verdictNo
			for _, p := range items {
				switch p(u) {
				case verdictYes:
					return verdictYes
				case verdictUnknown:
					v = verdictUnknown
				}
			}
			return v
		}
	}
	return func(u *Unit) verdict {
		v := verdictYes
		for _, p := range items {
			switch p(u) {
			case verdictNo:
				return verdictNo
			case verdictUnknown:
				v = verdictUnknown
			}
		}
		return v
	}
}
