// Package docgen writes the reference part of docs/protocol.md from the
// source of package protocol: every file a section, every exported type a
// message with its fields (JSON name, type, doc comment), every exported
// constant with its value. It reads the source (go/ast) rather than the
// compiled types so that the doc comments are the documentation.
package docgen

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/doc/comment"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// The markers around the generated part of docs/protocol.md; the text
// outside them is written by hand.
const (
	Begin = "<!-- BEGIN GENERATED: go run ./protocol/gen (from package protocol); do not edit below -->"
	End   = "<!-- END GENERATED -->"
)

// Generate returns the reference of the package in dir (without the
// markers).
func Generate(dir string) ([]byte, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	names = slices.DeleteFunc(names, func(n string) bool { return strings.HasSuffix(n, "_test.go") })
	// doc.go (the package doc) first, then the files by name.
	slices.SortFunc(names, func(a, b string) int {
		da, db := filepath.Base(a) == "doc.go", filepath.Base(b) == "doc.go"
		switch {
		case da && !db:
			return -1
		case db && !da:
			return 1
		}
		return strings.Compare(a, b)
	})
	fset := token.NewFileSet()
	var files []*ast.File
	local := map[string]bool{}
	for _, n := range names {
		f, err := parser.ParseFile(fset, n, nil, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		if f.Name.Name != "protocol" {
			continue
		}
		files = append(files, f)
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.TYPE {
				for _, s := range g.Specs {
					if ts := s.(*ast.TypeSpec); ts.Name.IsExported() {
						local[ts.Name.Name] = true
					}
				}
			}
		}
	}
	if len(files) == 0 {
		return nil, errors.New("docgen: no file of package protocol in " + dir)
	}
	g := &gen{fset: fset, local: local}
	g.printf("## Reference: the types of package protocol\n\n")
	g.printf("Generated from the Go types of package `protocol` (`protocol/*.go`): run `go run ./protocol/gen` after changing them; `go test ./protocol/` fails while this part is out of date.\n\n")
	for i, f := range files {
		g.file(filepath.Base(names[i]), f)
	}
	return bytes.TrimRight(g.buf.Bytes(), "\n"), nil
}

// Splice replaces the generated part of doc (between [Begin] and [End])
// with ref, or appends it when doc has no markers.
func Splice(doc, ref []byte) ([]byte, error) {
	block := []byte(Begin + "\n\n" + string(ref) + "\n\n" + End + "\n")
	i := bytes.Index(doc, []byte(Begin))
	if i < 0 {
		if bytes.Contains(doc, []byte(End)) {
			return nil, errors.New("docgen: end marker without begin marker")
		}
		out := append(bytes.TrimRight(doc, "\n"), "\n\n"...)
		return append(out, block...), nil
	}
	j := bytes.Index(doc[i:], []byte(End))
	if j < 0 {
		return nil, errors.New("docgen: begin marker without end marker")
	}
	j += i + len(End)
	if j < len(doc) && doc[j] == '\n' {
		j++
	}
	out := append([]byte{}, doc[:i]...)
	out = append(out, block...)
	return append(out, doc[j:]...), nil
}

// Update regenerates the reference of the package in dir inside the
// document at path.
func Update(dir, path string) error {
	ref, err := Generate(dir)
	if err != nil {
		return err
	}
	doc, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	out, err := Splice(doc, ref)
	if err != nil {
		return err
	}
	return os.WriteFile(path, out, 0o644)
}

type gen struct {
	fset  *token.FileSet
	local map[string]bool
	buf   bytes.Buffer
}

func (g *gen) printf(format string, args ...any) { fmt.Fprintf(&g.buf, format, args...) }

// markdown renders a doc comment as Markdown, its [Name] links pointing
// at the types' headings.
func (g *gen) markdown(text string, headingLevel int) string {
	p := comment.Parser{LookupSym: func(recv, name string) bool { return recv == "" && g.local[name] }}
	d := p.Parse(text)
	pr := comment.Printer{
		HeadingLevel: headingLevel,
		DocLinkURL: func(l *comment.DocLink) string {
			if l.ImportPath == "" && l.Recv == "" {
				return "#" + strings.ToLower(l.Name)
			}
			return "https://pkg.go.dev/" + l.ImportPath + "#" + l.Name
		},
	}
	return strings.TrimSpace(string(pr.Markdown(d)))
}

// oneLine is a doc comment as one table cell.
func (g *gen) oneLine(text string) string {
	s := g.markdown(text, 5)
	s = strings.Join(strings.Fields(s), " ")
	return strings.ReplaceAll(s, "|", `\|`)
}

func (g *gen) file(name string, f *ast.File) {
	if name == "doc.go" && f.Doc != nil {
		g.printf("%s\n\n", g.markdown(f.Doc.Text(), 3))
	}
	title, intro := name, ""
	if len(f.Comments) > 0 && f.Comments[0] != f.Doc && f.Comments[0].End() < f.Package {
		text := f.Comments[0].Text()
		title, intro, _ = strings.Cut(text, "\n")
		title = strings.TrimSpace(title)
	}
	var body bytes.Buffer
	saved := g.buf
	g.buf = body
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok {
			continue
		}
		switch gd.Tok {
		case token.TYPE:
			for _, s := range gd.Specs {
				ts := s.(*ast.TypeSpec)
				if !ts.Name.IsExported() {
					continue
				}
				doc := ts.Doc
				if doc == nil && len(gd.Specs) == 1 {
					doc = gd.Doc
				}
				g.typ(ts, doc)
			}
		case token.CONST:
			g.consts(gd)
		}
	}
	body = g.buf
	g.buf = saved
	if body.Len() == 0 {
		return
	}
	g.printf("### %s (`protocol/%s`)\n\n", title, name)
	if intro = strings.TrimSpace(intro); intro != "" {
		g.printf("%s\n\n", g.markdown(intro, 4))
	}
	g.buf.Write(body.Bytes())
}

func (g *gen) expr(e ast.Expr) string {
	var b bytes.Buffer
	printer.Fprint(&b, g.fset, e)
	return b.String()
}

// typeCell is a field's type, linked to the heading of a type of the
// package.
func (g *gen) typeCell(e ast.Expr) string {
	s := "`" + g.expr(e) + "`"
	base := e
	for {
		switch x := base.(type) {
		case *ast.StarExpr:
			base = x.X
			continue
		case *ast.ArrayType:
			base = x.Elt
			continue
		case *ast.MapType:
			base = x.Value
			continue
		}
		break
	}
	if id, ok := base.(*ast.Ident); ok && g.local[id.Name] {
		s = "[" + s + "](#" + strings.ToLower(id.Name) + ")"
	}
	return s
}

func (g *gen) typ(ts *ast.TypeSpec, doc *ast.CommentGroup) {
	g.printf("#### `%s`\n\n", ts.Name.Name)
	if doc != nil {
		g.printf("%s\n\n", g.markdown(doc.Text(), 5))
	}
	st, ok := ts.Type.(*ast.StructType)
	if !ok {
		g.printf("JSON: %s\n\n", g.typeCell(ts.Type))
		return
	}
	if alts := unionOf(st); len(alts) > 0 {
		// A union: its one set field is written as it is.
		cells := make([]string, len(alts))
		for i, a := range alts {
			cells[i] = g.typeCell(a)
		}
		g.printf("JSON: one of %s, as its own JSON (the set field); `null` when none is set.\n\n", strings.Join(cells, " or "))
		return
	}
	g.printf("| JSON | type | Go field | doc |\n|---|---|---|---|\n")
	for _, fl := range st.Fields.List {
		tag := ""
		if fl.Tag != nil {
			raw, _ := strconv.Unquote(fl.Tag.Value)
			tag = reflect.StructTag(raw).Get("json")
		}
		jsonName, opts, _ := strings.Cut(tag, ",")
		if jsonName == "-" && opts == "" {
			continue
		}
		var text []string
		if fl.Doc != nil {
			text = append(text, fl.Doc.Text())
		}
		if fl.Comment != nil {
			text = append(text, fl.Comment.Text())
		}
		docCell := g.oneLine(strings.Join(text, "\n"))
		if slices.Contains(strings.Split(opts, ","), "omitempty") {
			docCell = strings.TrimSpace("*Omitted when empty.* " + docCell)
		}
		if len(fl.Names) == 0 { // embedded
			if tag == "" {
				name := strings.TrimPrefix(g.expr(fl.Type), "*")
				g.printf("| *(all of %s)* | %s | %s | %s |\n", name, g.typeCell(fl.Type), name, docCell)
				continue
			}
			fl.Names = []*ast.Ident{ast.NewIdent(strings.TrimPrefix(g.expr(fl.Type), "*"))}
		}
		for _, n := range fl.Names {
			if !n.IsExported() {
				continue
			}
			jn := jsonName
			if jn == "" {
				jn = n.Name
			}
			g.printf("| `%s` | %s | %s | %s |\n", jn, g.typeCell(fl.Type), n.Name, docCell)
		}
	}
	g.printf("\n")
}

func (g *gen) consts(gd *ast.GenDecl) {
	var rows []string
	for _, s := range gd.Specs {
		vs := s.(*ast.ValueSpec)
		var text []string
		if vs.Doc != nil {
			text = append(text, vs.Doc.Text())
		}
		if vs.Comment != nil {
			text = append(text, vs.Comment.Text())
		}
		for i, n := range vs.Names {
			if !n.IsExported() {
				continue
			}
			val := ""
			if i < len(vs.Values) {
				val = "`" + g.expr(vs.Values[i]) + "`"
			}
			rows = append(rows, fmt.Sprintf("| `%s` | %s | %s |", n.Name, val, g.oneLine(strings.Join(text, "\n"))))
		}
	}
	if len(rows) == 0 {
		return
	}
	if gd.Doc != nil {
		g.printf("%s\n\n", g.markdown(gd.Doc.Text(), 5))
	}
	g.printf("| constant | value | doc |\n|---|---|---|\n%s\n\n", strings.Join(rows, "\n"))
}

// unionOf returns the types of a union's fields: a struct all of whose
// fields are tagged json:"-" (its MarshalJSON writes the one set); nil for
// another struct.
func unionOf(st *ast.StructType) []ast.Expr {
	var out []ast.Expr
	for _, fl := range st.Fields.List {
		if len(fl.Names) > 0 && !fl.Names[0].IsExported() {
			continue
		}
		if fl.Tag == nil {
			return nil
		}
		raw, _ := strconv.Unquote(fl.Tag.Value)
		if reflect.StructTag(raw).Get("json") != "-" {
			return nil
		}
		out = append(out, fl.Type)
	}
	return out
}
