// Package gitdata holds the plain values a repository yields that a snapshot keeps — object ids, commits and how a repository is read — so that holding them needs no git access.
package gitdata

import (
	"time"

	"github.com/go-git/go-git/v5/plumbing"
)

// Hash is a git object id (SHA-1).
type Hash = plumbing.Hash

// Kind says how a repository is read.
type Kind string

const (
	KindCheckout Kind = "checkout" // non-bare repository: the working tree is read
	KindBare     Kind = "bare"     // bare repository on disk: the branch head tree is read
	KindRemote   Kind = "remote"   // URL cloned bare into the data directory
	KindLocal    Kind = "local"    // local: repository in the data directory
	KindFolder   Kind = "folder"   // plain folder, no git at all: its files are read, it has no history
)

// WorkingTree reports whether a repository of kind k is read from the files on
// disk (a checkout's working tree, a plain folder) rather than from committed
// blobs: its files are then re-read and hashed at each scan, its blob ids need not
// be in any object database, and its directories can be watched.
func (k Kind) WorkingTree() bool { return k == KindCheckout || k == KindFolder }

// Signature is a commit author or committer.
type Signature struct {
	Name  string
	Email string
	When  time.Time
}

// Commit is one commit.
type Commit struct {
	Hash Hash
	// Parent is the first parent (zero for a root commit).
	Parent    Hash
	Author    Signature
	Committer Signature
	Message   string
}
