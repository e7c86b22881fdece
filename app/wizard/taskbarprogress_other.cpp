#include "taskbarprogress.h"

// No taskbar progress outside Windows (a desktop's launcher API would be a D-Bus dependency).
namespace cudnnsetup::wizard {

void TaskbarProgress::set(QWidget*, int) {}
void TaskbarProgress::failed(QWidget*) {}
void TaskbarProgress::clear(QWidget*) {}

}  // namespace cudnnsetup::wizard
