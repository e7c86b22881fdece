#include "platform/environment.h"

namespace cudnnsetup {

std::string Environment::expand(const std::string& text) const
{
    std::string out;
    std::size_t i = 0;
    while (i < text.size()) {
        const std::size_t open = text.find('%', i);
        if (open == std::string::npos) {
            out.append(text, i, std::string::npos);
            break;
        }
        const std::size_t close = text.find('%', open + 1);
        if (close == std::string::npos) {
            out.append(text, i, std::string::npos);
            break;
        }
        out.append(text, i, open - i);
        const std::string name = text.substr(open + 1, close - open - 1);
        const auto value = name.empty() ? std::nullopt : get(name);
        if (value) {
            out += *value;
            i = close + 1;
        } else {
            // Unknown: keep the first '%' literally and rescan from the second, as Windows does.
            out.append(text, open, close - open);
            i = close;
        }
    }
    return out;
}

std::vector<std::string> Environment::splitList(const std::string& list) const
{
    std::vector<std::string> out;
    const char sep = listSeparator();
    std::size_t start = 0;
    while (start <= list.size()) {
        std::size_t end = list.find(sep, start);
        if (end == std::string::npos)
            end = list.size();
        std::string item = list.substr(start, end - start);
        // Windows PATH entries are often quoted or carry stray spaces.
        if (windowsRules()) {
            while (!item.empty() && (item.back() == ' ' || item.back() == '"'))
                item.pop_back();
            while (!item.empty() && (item.front() == ' ' || item.front() == '"'))
                item.erase(item.begin());
        }
        if (!item.empty())
            out.push_back(item);
        start = end + 1;
    }
    return out;
}

}  // namespace cudnnsetup
