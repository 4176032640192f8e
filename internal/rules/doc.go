/*
Package rules is Weblate 4.18's judgement of a parsed unit — the state a file gives it, what counts as translated, how a unit is identified — and the room where Weblate's quality checks and their flags go; the statistics, the units the API lists and the change log all ask here, so they agree.

# Where it stands

rules judges formats.Unit values and answers in Weblate's vocabulary
(weblate.State), so it sits above formats and internal/weblate and below every
reader of units: scan (statistics), units (the API's units), changelog (the
history's texts). It is not part of internal/weblate: that package is plain
vocabulary — states, actions, alerts, percentages, counts — which snapshot, api,
web and metrics hold without parsing anything, and which formats may come to need
itself (a flag's name, the plural separator); were it to import formats, formats
could never import it, and every holder of a state would depend on the parsers.
rules imports nothing but formats and weblate.

# What is here

  - UnitState, MonolingualState, BilingualState and SourceState: Weblate's state
    decision (weblate/trans/models/translation.py, and Unit.get_unit_state in
    unit.py) for each kind of translation.
  - IsTranslated: translate-toolkit's test of a translated unit.
  - TemplateUnit and TemplateUnitOf: what a monolingual translation takes from
    its template's unit, including the template unit's own state.
  - BilingualKey: the identity of a unit of a bilingual file, which the
    statistics, the units and the history share.

# Checks and flags

Weblate's quality checks (weblate/checks/: same, end punctuation, format strings,
plurals, …) belong here, one file per group as Weblate groups them
(chars.py, format.py, consistency.py, …), each a function of a unit's source and
target forms and of the flags in force for it. Those flags are gathered from three
places, as Weblate's Flags (weblate/checks/flags.py) merges them for a unit: the
file format's own (TranslationFormat.check_flags, which the format's Info will
give), the component's check_flags from projects.yaml, and the unit's (the flags
its file gives, formats.Unit.Flags). A check reads a unit and its flags only — no
repository, no snapshot — so that the scan can count failing checks while it
counts states, and the API can list them per unit.
*/
package rules
