#include "uikit.h"

#include "icons.h"

#include <QLabel>
#include <QLocale>
#include <QTreeWidget>

namespace cudnnsetup::wizard {

QString UiKit::bytes(quint64 n)
{
    return QLocale().formattedDataSize(qint64(n), 1, QLocale::DataSizeSIFormat);
}

QString UiKit::duration(qint64 seconds)
{
    if (seconds < 0)
        return {};
    if (seconds < 90)
        return tr("about %n second(s) left", "", int(seconds));
    return tr("about %n minute(s) left", "", int((seconds + 30) / 60));
}

QString UiKit::progressLine(quint64 done, quint64 total, double rate, qint64 eta)
{
    QString line = total ? tr("%1 of %2").arg(bytes(done), bytes(total)) : bytes(done);
    if (rate > 0)
        line += QStringLiteral(" — ") + tr("%1/s").arg(bytes(quint64(rate)));
    if (eta >= 0)
        line += QStringLiteral(" — ") + duration(eta);
    return line;
}

void UiKit::addProblems(QTreeWidget* tree, const QList<ProblemView>& problems, CheckState state,
                        QTreeWidgetItem* parent)
{
    for (const ProblemView& p : problems) {
        auto* item = parent ? new QTreeWidgetItem(parent) : new QTreeWidgetItem(tree);
        item->setText(0, p.message);
        item->setIcon(0, Icons::forState(state));
        item->setToolTip(0, QStringLiteral("%1 — %2").arg(p.code, p.message));
        item->setData(0, Qt::UserRole, p.code);
        if (!p.fix.isEmpty()) {
            auto* fix = new QTreeWidgetItem(item);
            fix->setText(0, tr("Fix: %1").arg(p.fix));
            fix->setToolTip(0, p.fix);
            item->setExpanded(true);
        }
    }
}

QLabel* UiKit::wrappingLabel(const QString& text)
{
    auto* label = new QLabel(text);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::LinksAccessibleByMouse);
    return label;
}

}  // namespace cudnnsetup::wizard
