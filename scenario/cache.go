package scenario

import (
	"crypto/sha256"
	"sync"
)

// The process cache holds what loads have parsed: maps, unit catalogues
// and schedules, keyed by kind, path and a hash of the content, so that a
// second game of a scenario reads its files but decodes none of them. What
// it holds is shared by every scenario that uses it and never written
// after it is stored: loads copy what they change (a map whose control a
// [front] sets, the units they place).
var cache = struct {
	sync.Mutex
	m     map[cacheKey]any
	order []cacheKey // oldest first
	stats CacheStats
}{m: map[cacheKey]any{}}

// cacheSize is how many parsed files the cache keeps; the oldest goes
// first. Only files that parsed without a problem are kept.
const cacheSize = 64

// cacheKey names a parse: what was parsed (map, catalog, schedule), its
// path, the rules' kinds it was checked against when they matter, and the
// hash of its content.
type cacheKey struct {
	kind, path, kinds string
	sum               [sha256.Size]byte
}

// CacheStats counts the cache's lookups, for tests and benchmarks.
type CacheStats struct{ Hits, Misses int }

// ReadCacheStats returns the counts so far.
func ReadCacheStats() CacheStats {
	cache.Lock()
	defer cache.Unlock()
	return cache.stats
}

// cached returns what parse made of the content key names, parsing it
// (outside the lock) the first time. A parse that fails is not kept.
func cached[T any](key cacheKey, parse func() (T, error)) (T, error) {
	cache.Lock()
	v, ok := cache.m[key]
	if ok {
		cache.stats.Hits++
	} else {
		cache.stats.Misses++
	}
	cache.Unlock()
	if ok {
		return v.(T), nil
	}
	t, err := parse()
	if err != nil {
		return t, err
	}
	cache.Lock()
	defer cache.Unlock()
	if v, ok := cache.m[key]; ok {
		return v.(T), nil // another load parsed it meanwhile: share theirs
	}
	if len(cache.order) >= cacheSize {
		delete(cache.m, cache.order[0])
		cache.order = cache.order[1:]
	}
	cache.m[key] = t
	cache.order = append(cache.order, key)
	return t, nil
}
