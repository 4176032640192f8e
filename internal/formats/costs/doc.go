// Package costs holds the tests that every registered format's parser takes time linear in its input, on generated hostile documents; it has no code of its own.
package costs
