package pgtest

import (
	"io"
	"net"
	"net/url"
	"sync"
	"testing"
)

// Proxy forwards connections to a PostgreSQL server and can cut them: to its
// clients, the server is gone (a crash, a stopped service: connections reset,
// new ones refused) while the server itself, which other tests share, runs on.
type Proxy struct {
	t            testing.TB
	addr, target string

	mu    sync.Mutex
	ln    net.Listener // nil while cut
	down  bool
	conns map[net.Conn]bool
}

// NewProxy starts a proxy to the server rawURL names, until t ends, and returns
// it with rawURL made to go through it.
func NewProxy(t testing.TB, rawURL string) (*Proxy, string) {
	t.Helper()
	u, err := url.Parse(rawURL)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &Proxy{t: t, ln: ln, addr: ln.Addr().String(), target: u.Host, conns: map[net.Conn]bool{}}
	go p.serve(ln)
	t.Cleanup(p.Cut)
	u.Host = p.addr
	return p, u.String()
}

func (p *Proxy) serve(ln net.Listener) {
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		go p.forward(c)
	}
}

func (p *Proxy) forward(c net.Conn) {
	p.mu.Lock()
	if p.down {
		p.mu.Unlock()
		c.Close()
		return
	}
	p.mu.Unlock()
	s, err := net.Dial("tcp", p.target)
	if err != nil {
		c.Close()
		return
	}
	p.mu.Lock()
	if p.down {
		p.mu.Unlock()
		c.Close()
		s.Close()
		return
	}
	p.conns[c], p.conns[s] = true, true
	p.mu.Unlock()
	done := make(chan struct{}, 2)
	pipe := func(dst, src net.Conn) {
		io.Copy(dst, src)
		done <- struct{}{}
	}
	go pipe(s, c)
	go pipe(c, s)
	<-done
	c.Close()
	s.Close()
	p.mu.Lock()
	delete(p.conns, c)
	delete(p.conns, s)
	p.mu.Unlock()
}

// Cut closes every connection through the proxy and stops listening, so that new
// ones are refused, until Mend.
func (p *Proxy) Cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.down = true
	if p.ln != nil {
		p.ln.Close()
		p.ln = nil
	}
	for c := range p.conns {
		c.Close()
	}
}

// Mend listens again, on the same address, and lets connections through.
func (p *Proxy) Mend() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.down = false
	if p.ln != nil {
		return
	}
	ln, err := net.Listen("tcp", p.addr)
	if err != nil {
		p.t.Errorf("pgtest: listening again on %s: %v", p.addr, err)
		return
	}
	p.ln = ln
	go p.serve(ln)
}
