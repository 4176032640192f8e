package web

// Hand-made data for the browser tests (package web_test).

// ManyLanguages is manyLanguages: a component in n languages, with its history.
var ManyLanguages = manyLanguages
