// Command gitlate serves a Weblate-compatible read API derived from git repositories.
package main

func main() {}
