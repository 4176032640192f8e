package main

import "sort"

// androidTagTable is translate-toolkit's own plural_tags table
// (translate/lang/data.py, the same in 3.8.4 and 3.9.2), which its Android
// resource store uses to name the <plurals> items. It was built from an
// older CLDR than language-data 2023.5's plural_tags.csv; these are all the
// differences, so the table is language-data's with them applied.
func androidTagTable(languageData map[string]string) map[string]string {
	t := make(map[string]string, len(languageData)+4)
	for k, v := range languageData {
		t[k] = v
	}
	// Not in translate-toolkit's table.
	delete(t, "lij")
	delete(t, "vec")
	// translate-toolkit keys Portuguese (Portugal) with an underscore.
	t["pt_PT"] = t["pt-PT"]
	delete(t, "pt-PT")
	for k, v := range map[string]string{
		// language-data's CLDR adds many to ca, drops it from he and adds two to mt.
		"ca": "one other",
		"he": "one two many other",
		"mt": "one few many other",
		// Legacy codes of he, id and yi, as Android writes them.
		"iw": "one two many other",
		"in": "other",
		"ji": "one other",
	} {
		t[k] = v
	}
	return t
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
