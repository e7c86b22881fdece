#pragma once
// The install's progress on the window's taskbar button too (Windows' ITaskbarList3), so a
// user who switched to another window still sees it move, turn red on failure, and stop.
// Elsewhere it does nothing. taskbarprogress_win.cpp / taskbarprogress_other.cpp.

class QWidget;

namespace cudnnsetup::wizard {

class TaskbarProgress {
public:
    static void set(QWidget* window, int permille);  // 0..1000
    static void failed(QWidget* window);             // red, at the value reached
    static void clear(QWidget* window);
};

}  // namespace cudnnsetup::wizard
