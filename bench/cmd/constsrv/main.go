// Command constsrv is the baseline of the serving figures: a gin handler that
// writes a constant byte slice. Each argument PATH=FILE serves FILE's bytes at PATH
// (PATH may carry a query: /api/changes/?page=50), so the baseline answers exactly
// as many bytes as gitlate does for that route.
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
	bodies := map[string]map[string][]byte{} // path → query → body
	for _, arg := range flag.Args() {
		// The last "=": a query holds some (page_size=1000), file names do not.
		eq := strings.LastIndexByte(arg, '=')
		target, file, ok := arg[:max(eq, 0)], arg[eq+1:], eq > 0
		if !ok {
			fmt.Fprintf(os.Stderr, "constsrv: %q is not PATH=FILE\n", arg)
			os.Exit(2)
		}
		body, err := os.ReadFile(file)
		if err != nil {
			fmt.Fprintln(os.Stderr, "constsrv:", err)
			os.Exit(1)
		}
		path, query, _ := strings.Cut(target, "?")
		if bodies[path] == nil {
			bodies[path] = map[string][]byte{}
			byQuery := bodies[path]
			r.GET(path, func(c *gin.Context) { c.Data(http.StatusOK, "application/json", byQuery[c.Request.URL.RawQuery]) })
		}
		bodies[path][query] = body
	}
	if err := http.ListenAndServe(*listen, r); err != nil {
		fmt.Fprintln(os.Stderr, "constsrv:", err)
		os.Exit(1)
	}
}
