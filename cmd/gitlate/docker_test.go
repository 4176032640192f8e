package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestDockerImage builds the repository's Dockerfile as the README's Docker section
// does, with --build-arg VERSION, and checks that the image prints that version and
// that `gitlate health`, the image's HEALTHCHECK, finds a started container ready.
// It needs a Docker daemon, and skips without one.
func TestDockerImage(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds the Docker image (go test without -short builds it)")
	}
	docker, err := exec.LookPath("docker")
	if err != nil {
		t.Skip("docker is not installed")
	}
	if out, err := exec.Command(docker, "info").CombinedOutput(); err != nil {
		// The reason is the last line; the client's own details come first.
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		t.Skipf("docker's daemon does not answer (docker info: %v): %s", err, lines[len(lines)-1])
	}
	// What is run here is what the README shows.
	readme, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"docker build --build-arg VERSION=", "docker run --rm gitlate --version", "gitlate health", "HEALTHCHECK"} {
		if !strings.Contains(string(readme), s) {
			t.Errorf("the README's Docker section lacks %q", s)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	dockerRun := func(args ...string) (string, error) {
		out, err := exec.CommandContext(ctx, docker, args...).CombinedOutput()
		return string(out), err
	}
	suffix := fmt.Sprintf("%d-%d", os.Getpid(), time.Now().UnixNano())
	image := "gitlate-test:" + suffix
	if out, err := dockerRun("build", "--build-arg", "VERSION=test-version", "-t", image, "../.."); err != nil {
		t.Fatalf("docker build: %v\n%s", err, out)
	}
	t.Cleanup(func() { exec.Command(docker, "rmi", "-f", image).Run() })

	out, err := dockerRun("run", "--rm", image, "--version")
	if err != nil || !strings.HasPrefix(out, "gitlate test-version go1.") {
		t.Errorf("docker run --rm IMAGE --version: %v: %q, want gitlate test-version go1.…", err, out)
	}

	// The image's default command serves the samples; health, run in a second
	// container in the first's network, asks it on 127.0.0.1:8080.
	name := "gitlate-test-" + suffix
	if out, err := dockerRun("run", "-d", "--name", name, image); err != nil {
		t.Fatalf("docker run -d: %v\n%s", err, out)
	}
	t.Cleanup(func() { exec.Command(docker, "rm", "-f", "-v", name).Run() })
	deadline := time.Now().Add(2 * time.Minute)
	for {
		out, err = dockerRun("run", "--rm", "--network", "container:"+name, image, "health")
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			logs, _ := dockerRun("logs", name)
			t.Fatalf("gitlate health against the started container: %v\n%s\ncontainer log:\n%s", err, out, logs)
		}
		time.Sleep(time.Second)
	}
	if !strings.Contains(out, "http://127.0.0.1:8080/readyz: ready") {
		t.Errorf("gitlate health: %q, want http://127.0.0.1:8080/readyz: ready …", out)
	}
	// What the HEALTHCHECK runs answers the same inside the container.
	if out, err := dockerRun("exec", name, "gitlate", "health"); err != nil || !strings.Contains(out, ": ready") {
		t.Errorf("docker exec CONTAINER gitlate health: %v: %q", err, out)
	}
}
