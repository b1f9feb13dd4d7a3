// Package gtp speaks the Go Text Protocol version 2 in both directions:
// Server answers a GTP controller (GoGui, Sabaki, match scripts) with a
// kisen Player, and Client drives an external GTP program (GNU Go) as a
// player.
package gtp
