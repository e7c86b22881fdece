#pragma once
// Lowers the calling thread's scheduling priority a little, for work that only has to keep ahead
// of the threads it feeds (the verify's reader, which reads and hashes while two threads inflate
// on two cores): it then runs in the gaps they leave when they wait for each other, instead of
// taking a third of a core from each whenever all three want one. That one thread only, and for
// good (an unprivileged process may not raise it again): call it on a thread made for the work.

namespace cudnnsetup {

// Best effort: false when the system refused (the thread then runs as before).
bool lowerThisThreadPriority();

}  // namespace cudnnsetup
