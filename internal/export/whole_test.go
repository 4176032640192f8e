package export

import (
	"bytes"
	"context"
)

// The tests read conversions whole, as the API read them before they streamed.

// File is an exported translation, made whole in memory (Export).
type File struct {
	Data              []byte
	ContentType, Name string // a Conversion's
}

// Export writes t in the named format into memory.
func Export(name string, t *Translation) (*File, error) {
	c, err := Convert(name, t)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := c.Write(context.Background(), &b); err != nil {
		return nil, err
	}
	return &File{Data: b.Bytes(), ContentType: c.ContentType, Name: c.Name}, nil
}
