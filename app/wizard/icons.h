#pragma once
// The hand-written SVG icons from resources/icons, rendered sharp at every scale.

#include "viewmodels.h"

#include <QIcon>
#include <QPixmap>

namespace cudnnsetup::wizard {

class Icons {
public:
    static QIcon get(const QString& name);                // resources/icons/<name>.svg
    static QPixmap pixmap(const QString& name, int size);  // device-pixel aware
    static QString resource(const QString& name);         // for <img src=...> in rich text
    static QIcon forState(CheckState state);
    static QIcon forCompatibility(Compatibility c);
};

}  // namespace cudnnsetup::wizard
