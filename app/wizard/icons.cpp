#include "icons.h"

#include <QHash>

namespace cudnnsetup::wizard {

QIcon Icons::get(const QString& name)
{
    static QHash<QString, QIcon> cache;
    auto it = cache.find(name);
    if (it != cache.end())
        return *it;
    QIcon icon;
    for (int size : {16, 24, 32, 48, 64, 128})
        icon.addPixmap(pixmap(name, size));
    cache.insert(name, icon);
    return icon;
}

QIcon Icons::forState(CheckState state)
{
    switch (state) {
    case CheckState::Passed: return get(QStringLiteral("ok"));
    case CheckState::Warning: return get(QStringLiteral("warning"));
    case CheckState::Failed: return get(QStringLiteral("fail"));
    case CheckState::Skipped: return get(QStringLiteral("skipped"));
    case CheckState::Pending: break;
    }
    return get(QStringLiteral("pending"));
}

QIcon Icons::forCompatibility(Compatibility c)
{
    switch (c) {
    case Compatibility::Compatible: return get(QStringLiteral("ok"));
    case Compatibility::Warning: return get(QStringLiteral("warning"));
    case Compatibility::Incompatible: return get(QStringLiteral("fail"));
    case Compatibility::Unknown: break;
    }
    return get(QStringLiteral("pending"));
}

}  // namespace cudnnsetup::wizard
