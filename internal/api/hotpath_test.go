package api

import (
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/gin-gonic/gin"
)

// TestPageURLInPlace: the next/previous links written in place are the ones the
// url.Values path writes (DRF's: the query's keys sorted, page replaced, dropped for
// page 1).
func TestPageURLInPlace(t *testing.T) {
	gin.SetMode(gin.ReleaseMode)
	for _, q := range []string{
		"", "format=api", "page=2", "page_size=10&format=api", "z=1&a=2&z=0", "page=3&page=4&x=y",
		"a&b=", "=v", "x=a/b:c@d", "&&format=json&", "a=1&b=2&c=3&d=4&e=5&f=6&g=7&h=8&i=9",
	} {
		for _, page := range []int{1, 2, 12} {
			c, _ := gin.CreateTestContext(httptest.NewRecorder())
			c.Request = httptest.NewRequest("GET", "/api/components/p/c/statistics/?"+q, nil)
			r := &request{s: &Server{}, c: c, p: urlParams{base: "http://h.test"}}
			got, ok := r.appendPageURLInPlace(nil, "http://h.test", page)
			if !ok {
				if q != "a=1&b=2&c=3&d=4&e=5&f=6&g=7&h=8&i=9" {
					t.Errorf("%q: not written in place", q)
				}
				continue
			}
			vals := c.Request.URL.Query()
			if page == 1 {
				vals.Del("page")
			} else {
				vals.Set("page", strconv.Itoa(page))
			}
			u := "http://h.test" + c.Request.URL.EscapedPath()
			if e := encodeSorted(vals); e != "" {
				u += "?" + e
			}
			want := `"` + string(appendJSONText(nil, u)) + `"`
			if string(got) != want {
				t.Errorf("%q page %d: %s, want %s", q, page, got, want)
			}
		}
	}
}
