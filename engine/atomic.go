package engine

import (
	"math"
	"sync/atomic"
	"unsafe"
)

// The search threads share one tree without a lock (see tree.descend):
// node statistics are float32 values read and added atomically through
// their bits, and a node's children are published by storing its child
// index last. Code that runs while no search thread does (tree reuse,
// the decision after the search) may read the fields directly.

func f32bits(p *float32) *uint32 { return (*uint32)(unsafe.Pointer(p)) }

// loadF reads *p atomically.
func loadF(p *float32) float32 {
	return math.Float32frombits(atomic.LoadUint32(f32bits(p)))
}

// addF adds d to *p atomically.
func addF(p *float32, d float32) {
	u := f32bits(p)
	for {
		old := atomic.LoadUint32(u)
		if atomic.CompareAndSwapUint32(u, old, math.Float32bits(math.Float32frombits(old)+d)) {
			return
		}
	}
}

// Values of node.child besides a child index.
const (
	noChildren = -1 // a leaf
	growing    = -2 // a leaf whose children one thread is computing
)
