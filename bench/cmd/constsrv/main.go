// Command constsrv is the baseline of the serving figures: a gin handler that
// writes a constant byte slice. Each argument PATH=FILE serves FILE's bytes at PATH,
// so the baseline answers exactly as many bytes as gitlate does for that route.
//
//	constsrv -listen 127.0.0.1:8091 /api/projects/newpipe/=/tmp/project.json
package main

import (
	"flag"
	"fmt"
	"net/http"
	"os"
	"strings"

	"github.com/gin-gonic/gin"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:8091", "address to listen on")
	flag.Parse()
	gin.SetMode(gin.ReleaseMode)
	// gin.New: no logger, no recovery — the cheapest gin handler there is.
	r := gin.New()
	for _, arg := range flag.Args() {
		path, file, ok := strings.Cut(arg, "=")
		if !ok {
			fmt.Fprintf(os.Stderr, "constsrv: %q is not PATH=FILE\n", arg)
			os.Exit(2)
		}
		body, err := os.ReadFile(file)
		if err != nil {
			fmt.Fprintln(os.Stderr, "constsrv:", err)
			os.Exit(1)
		}
		r.GET(path, func(c *gin.Context) { c.Data(http.StatusOK, "application/json", body) })
	}
	if err := http.ListenAndServe(*listen, r); err != nil {
		fmt.Fprintln(os.Stderr, "constsrv:", err)
		os.Exit(1)
	}
}
