// Package config reads projects.yaml: strict parsing, Weblate's defaults, and validation errors that name the file, line and key.
package config

import "time"

// Config is a parsed, validated, defaulted projects.yaml.
type Config struct {
	// File is the absolute path of the file read ("" for a config built in code).
	File     string
	Projects []*Project
	// Authors override the users the change log derives from commit authors.
	Authors []*Author
	// Tokens authenticate the write operations of the API (a pull).
	Tokens []string
}

// Project is one project. Field names follow the API (spec 2.2); yaml keys are the
// API's field names.
type Project struct {
	Name              string
	Slug              string
	Web               string
	Instructions      string
	SetLanguageTeam   bool
	TranslationReview bool
	SourceReview      bool
	EnableHooks       bool
	LanguageAliases   string
	Components        []*Component

	// Line is the line of the project in File (for messages).
	Line int
}

// Component is one component (spec 2.4). Every field is set: values the file did not
// give carry Weblate's defaults.
type Component struct {
	Name string
	Slug string

	// SourceLanguage is the source language code as written (default "en").
	SourceLanguage string

	// Repo is the repository as written in the file ("local:", a URL, or a path).
	Repo string
	// RepoPath is Repo resolved: an absolute path for filesystem repositories
	// (relative paths are resolved against the config file's folder), the URL
	// otherwise, "local:" for local repositories.
	RepoPath string
	// VCS is "git", or "local" when Repo is "local:".
	VCS string
	// Branch as given; "" means the repository's HEAD branch. For local:
	// repositories, which gitlate creates, an empty branch is set to "main".
	Branch     string
	PushBranch string
	Push       string
	GitExport  string
	RepoWeb    string

	Filemask     string
	Template     string
	EditTemplate bool
	Intermediate string
	NewBase      string
	FileFormat   string

	License string
	// LicenseURL "" means null in the API. When the file gives none, a common SPDX
	// licence gets https://spdx.org/licenses/{ID}.html, as in Weblate's licence table.
	LicenseURL string
	Agreement  string

	NewLang           string
	LanguageCodeStyle string
	CheckFlags        string
	Priority          int
	EnforcedChecks    []string // never nil, so it serializes as []
	Restricted        bool
	ReportSourceBugs  string
	MergeStyle        string

	CommitMessage string
	AddMessage    string
	DeleteMessage string
	MergeMessage  string
	AddonMessage  string
	PullMessage   string

	AllowTranslationPropagation bool
	ManageUnits                 bool
	EnableSuggestions           bool
	SuggestionVoting            bool
	SuggestionAutoaccept        int
	PushOnCommit                bool
	CommitPendingAge            int
	AutoLockError               bool
	LanguageRegex               string
	VariantRegex                string
	IsGlossary                  bool
	GlossaryColor               string

	// History bounds the walk the change log is built from (gitlate's own key).
	History History
	// FetchInterval is how often a remote repository is fetched (0: only on a pull
	// request or a webhook).
	FetchInterval time.Duration

	// Addons are the add-ons the API lists, in file order.
	Addons []Addon
	// Links are the slugs of the other projects the component is shared into.
	Links []string
	// Locked is what the component's lock endpoint reports.
	Locked bool

	// Line is the line of the component in File (for messages).
	Line int
}
