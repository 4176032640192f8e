// Package web serves the human side of gitlate: server-rendered HTML pages at the web URLs the API emits, and cacheable SVG status badges and charts.
package web
