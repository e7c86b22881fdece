#include "taskbarprogress.h"

#include <QWidget>

#include <shobjidl.h>
#include <windows.h>

namespace cudnnsetup::wizard {

namespace {

// One ITaskbarList3 for the process, made on the UI thread (where Qt's Windows plugin has
// initialised COM); null where the shell has none (Wine, Server Core): then nothing happens.
ITaskbarList3* taskbar()
{
    static ITaskbarList3* list = [] {
        ITaskbarList3* p = nullptr;
        if (FAILED(::CoCreateInstance(CLSID_TaskbarList, nullptr, CLSCTX_INPROC_SERVER, IID_ITaskbarList3,
                                      reinterpret_cast<void**>(&p))) || !p)
            return static_cast<ITaskbarList3*>(nullptr);
        if (FAILED(p->HrInit())) {
            p->Release();
            return static_cast<ITaskbarList3*>(nullptr);
        }
        return p;
    }();
    return list;
}

HWND handle(QWidget* window)
{
    return window ? reinterpret_cast<HWND>(window->window()->winId()) : nullptr;
}

}  // namespace

void TaskbarProgress::set(QWidget* window, int permille)
{
    if (ITaskbarList3* t = taskbar(); t && handle(window)) {
        t->SetProgressState(handle(window), TBPF_NORMAL);
        t->SetProgressValue(handle(window), ULONGLONG(permille < 0 ? 0 : permille), 1000);
    }
}

void TaskbarProgress::failed(QWidget* window)
{
    if (ITaskbarList3* t = taskbar(); t && handle(window))
        t->SetProgressState(handle(window), TBPF_ERROR);
}

void TaskbarProgress::clear(QWidget* window)
{
    if (ITaskbarList3* t = taskbar(); t && handle(window))
        t->SetProgressState(handle(window), TBPF_NOPROGRESS);
}

}  // namespace cudnnsetup::wizard
