package snippets

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Markers are invisible tags that instrumented templates write into their
// output: "\x01<template>:<line>\x02" says that the text after it comes from
// that line of that template. The renderer strips them from the final source
// and keeps what they say as the origin of each line.
const (
	markStart = '\x01'
	markEnd   = '\x02'

	// reservedBytes are the bytes no template text or render argument may
	// hold.
	reservedBytes = "\x01\x02"
)

func appendMarker(b []byte, template string, line int) []byte {
	b = append(b, markStart)
	b = append(b, template...)
	b = append(b, ':')
	b = strconv.AppendInt(b, int64(line), 10)
	return append(b, markEnd)
}

// location is a line of a template.
type location struct {
	template string
	line     int
}

// stripper removes markers from rendered text. It interns template names, so
// that the origins it returns do not keep the marked text alive.
type stripper struct {
	names map[string]string
	last  string // the name of the last marker
}

// strip removes the markers from text and returns the text and the location
// of each of its lines. The location of a line is that of the last marker
// before its first non-blank character (on a blank line, the last marker on
// it), unless a marker later on the line returns to a location of an
// earlier marker before that character: then the line is a line of that
// template, into which a snippet printed text inline (a store macro at the
// start of a user's line, say), and the earliest such location is the
// line's. A line with no marker before its first non-blank character,
// whose start was printed by an action of the line before, continues that
// line's location.
func (s *stripper) strip(text string) (string, []location, error) {
	var (
		out     strings.Builder
		locs    = make([]location, 0, strings.Count(text, "\n")+1)
		prev    location   // location of the line before
		cur     location   // the line's location so far
		marked  bool       // cur is set
		content bool       // the line has a non-blank byte
		lineAt  int        // where the current line starts in out
		leading []location // markers before the first non-blank byte
		at      int        // index of cur in leading
	)
	out.Grow(len(text))
	// Positions of the next newline, marker start and marker end, found
	// with IndexByte and kept until passed, so that the scan stays linear.
	nextNL, nextStart, nextEnd := -1, -1, -1
	seg := 0 // start of the text not yet copied to out
	for i := 0; i < len(text); {
		if content {
			// Past the first non-blank byte only newlines and markers
			// matter.
			j := min(next(text, i, '\n', &nextNL), next(text, i, markStart, &nextStart))
			if next(text, i, markEnd, &nextEnd) < j {
				return "", nil, s.stray(len(locs))
			}
			if i = j; i == len(text) {
				break
			}
		}
		switch c := text[i]; c {
		case '\n':
			i++
			out.WriteString(text[seg:i])
			seg, lineAt = i, out.Len()
			if marked {
				prev = cur
			}
			locs = append(locs, prev)
			marked, content, leading = false, false, leading[:0]
		case markStart:
			out.WriteString(text[seg:i])
			end := strings.IndexByte(text[i:], markEnd)
			if end < 0 {
				return "", nil, s.stray(len(locs))
			}
			loc, err := s.parse(text[i+1 : i+end])
			if err != nil {
				return "", nil, fmt.Errorf("%w at line %d", err, len(locs)+1)
			}
			if !content {
				cur, marked, at = loc, true, len(leading)
				leading = append(leading, loc)
			} else if k := slices.Index(leading[:at], loc); k >= 0 {
				cur, at = loc, k
			}
			i += end + 1
			seg = i
		case markEnd:
			return "", nil, s.stray(len(locs))
		case ' ', '\t', '\r', '\v', '\f':
			i++
		default:
			content = true
			i++
		}
	}
	out.WriteString(text[seg:])
	if out.Len() > lineAt {
		// A last line without a newline.
		if marked {
			prev = cur
		}
		locs = append(locs, prev)
	}
	return out.String(), locs, nil
}

// next returns the position of the first c in text at or after from, or
// len(text), using *cache while it is still ahead.
func next(text string, from int, c byte, cache *int) int {
	if *cache < from {
		*cache = len(text)
		if k := strings.IndexByte(text[from:], c); k >= 0 {
			*cache = from + k
		}
	}
	return *cache
}

func (s *stripper) stray(line int) error {
	return fmt.Errorf("stray control byte \\x01 or \\x02 in the rendered text at line %d", line+1)
}

var errStrayStart = errors.New("stray control byte \\x01 in the rendered text")

// parse reads the body of a marker, "<template>:<line>".
func (s *stripper) parse(body string) (location, error) {
	k := strings.LastIndexByte(body, ':')
	if k < 0 || k == len(body)-1 || strings.IndexByte(body, markStart) >= 0 {
		return location{}, errStrayStart
	}
	line := 0
	for _, c := range []byte(body[k+1:]) {
		if c < '0' || c > '9' || line > 1<<40 {
			return location{}, errStrayStart
		}
		line = line*10 + int(c-'0')
	}
	if name := body[:k]; name != s.last {
		interned, ok := s.names[name]
		if !ok {
			interned = strings.Clone(name)
			if s.names == nil {
				s.names = make(map[string]string)
			}
			s.names[interned] = interned
		}
		s.last = interned
	}
	return location{s.last, line}, nil
}
