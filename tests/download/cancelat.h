#pragma once
// A progress sink that cancels a download once `after` bytes are there: the cancel-and-resume
// cases of the native and the Wine download tests.
#include "common/progress.h"

#include <cstdint>

class CancelAt : public cudnnsetup::ProgressSink {
public:
    CancelAt(cudnnsetup::CancelToken& token, std::uint64_t after) : m_token(token), m_after(after) {}
    void onProgress(std::uint64_t done, std::uint64_t) override
    {
        if (done >= m_after)
            m_token.cancel();
    }

private:
    cudnnsetup::CancelToken& m_token;
    std::uint64_t m_after;
};
