#include "platform/dynlib.h"

#include <utility>

// The host-independent part of DynLib: ownership. Loading and closing are in dynlib_posix.cpp
// and dynlib_win.cpp.

namespace cudnnsetup {

DynLib::~DynLib()
{
    if (m_handle)
        close(m_handle);
}

DynLib::DynLib(DynLib&& other) noexcept
    : m_handle(std::exchange(other.m_handle, nullptr)), m_requested(std::move(other.m_requested)),
      m_error(std::move(other.m_error)), m_systemError(other.m_systemError), m_failure(other.m_failure)
{
}

DynLib& DynLib::operator=(DynLib&& other) noexcept
{
    if (this != &other) {
        if (m_handle)
            close(m_handle);
        m_handle = std::exchange(other.m_handle, nullptr);
        m_requested = std::move(other.m_requested);
        m_error = std::move(other.m_error);
        m_systemError = other.m_systemError;
        m_failure = other.m_failure;
    }
    return *this;
}

}  // namespace cudnnsetup
