// Renders a kustomization with the kustomize library itself (sigs.k8s.io/kustomize/api, the
// code behind `kustomize build` and `kubectl apply -k`), so `make test` needs no download at
// run time: the Go module proxy serves it on the first build.
package main

import (
	"fmt"
	"os"

	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: kustomize-build <kustomization folder>")
		os.Exit(2)
	}
	resources, err := krusty.MakeKustomizer(krusty.MakeDefaultOptions()).Run(filesys.MakeFsOnDisk(), os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	yaml, err := resources.AsYaml()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Stdout.Write(yaml)
}
