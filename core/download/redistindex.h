#pragma once
// NVIDIA's redist index (developer.download.nvidia.com/compute/cudnn/redist/, an HTML directory
// listing; a mirror's folder listing alike): which manifests it offers.

#include <string>
#include <string_view>
#include <vector>

namespace cudnnsetup {

// The labels of every "redistrib_<label>.json" the listing names ("9.13.0", "8.9.7.29"), newest
// first, one per release: where 8.x is listed under a 3-part and a 4-part label, the 4-part one.
// A label is two to four numbers; anything else the page holds is ignored.
std::vector<std::string> redistIndexLabels(std::string_view listing);

// "9.13.0" -> "redistrib_9.13.0.json".
std::string manifestFileName(std::string_view label);

}  // namespace cudnnsetup
