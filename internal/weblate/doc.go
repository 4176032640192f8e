// Package weblate holds the vocabulary of Weblate 4.18 that gitlate reproduces: unit states, change actions, alert kinds, and Weblate's rules for percentages, word and character counts, plural joining and unit hashes.
package weblate
