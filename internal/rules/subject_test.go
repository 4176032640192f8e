package rules

// subject is u as its checks see it, on its own (a Subject the tests keep).
func (c *Checker) subject(u *CheckUnit) *Subject {
	return &Subject{CheckContext: &c.ctx, Flags: c.base.Merge(u.Flags), Note: u.Note, Key: u.Key,
		State: u.State, lang: c.lang, langBit: c.langBit, sourceLang: c.srcLang, checker: c}
}
