package bot

// modrest.go rests the look-ahead over the turns for a module command
// that has paid nothing there: that look-ahead (lookahead) plays the
// game forward on clones and is most of a bot's thinking under a module
// with commands, so a command whose last few deep looks all paid
// nothing is not looked at deeply for a few turns, twice as many each
// time it rests again. Its uses are still judged by what they change
// now (quick), and one deep use that pays wakes it fully. The look at
// the next attack die face by face (battleLook) rests the same way, kept
// apart under "battle:" and the word.

// deepTries is how many deep looks in a row that pay nothing put a
// command to rest.
const deepTries = 4

// deepRestMax bounds a rest, in turns.
const deepRestMax = 8

// deepRecord is what the bot remembers of a command's deep looks.
type deepRecord struct {
	miss  int // deep looks in a row that paid nothing
	rests int // rests taken so far
	until int // turn index before which it rests
}

// deepAwake reports whether the command word may be looked at over the
// turns in turn.
func (b *Bot) deepAwake(word string, turn int) bool {
	r, ok := b.deep[word]
	return !ok || turn >= r.until
}

// deepResult records a deep look at a use of word in turn, and whether it
// paid; deepTries misses in a row rest the word 2 turns, and after a
// rest one miss rests it again, twice as long (at most deepRestMax).
func (b *Bot) deepResult(word string, turn int, paid bool) {
	if b.deep == nil {
		b.deep = map[string]deepRecord{}
	}
	r := b.deep[word]
	if paid {
		b.deep[word] = deepRecord{}
		return
	}
	r.miss++
	if r.miss >= deepTries || r.rests > 0 { // once rested, one miss rests it again
		r.rests++
		r.until = turn + min(2<<(r.rests-1), deepRestMax)
		r.miss = 0
	}
	b.deep[word] = r
}
