//go:build race

package rules

// raceDetector: the race detector is on, and timing says little of the program.
const raceDetector = true
