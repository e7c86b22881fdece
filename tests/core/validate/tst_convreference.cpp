// The CPU reference against convolutions worked out by hand.
#include "validate/convreference.h"

#include <QTest>

#include <cmath>

using namespace cudnnsetup::validate;

Q_DECLARE_METATYPE(std::vector<float>)
Q_DECLARE_METATYPE(std::vector<double>)
Q_DECLARE_METATYPE(ConvShape)

namespace {

ConvShape shape(int n, int c, int h, int w, int k, int r, int s, int pad, int stride, int dil)
{
    ConvShape sh{"t"};
    sh.n = n, sh.c = c, sh.h = h, sh.w = w, sh.k = k, sh.r = r, sh.s = s;
    sh.padH = sh.padW = pad, sh.strideH = sh.strideW = stride, sh.dilH = sh.dilW = dil;
    return sh;
}

std::vector<float> iota(size_t n, float start = 1)
{
    std::vector<float> v(n);
    for (size_t i = 0; i < n; ++i)
        v[i] = start + float(i);
    return v;
}

}  // namespace

class TestConvReference : public QObject {
    Q_OBJECT
private slots:
    void handComputed_data()
    {
        QTest::addColumn<ConvShape>("sh");
        QTest::addColumn<std::vector<float>>("x");
        QTest::addColumn<std::vector<float>>("w");
        QTest::addColumn<std::vector<double>>("expected");
        // x = 1..9 as a 3x3 image.
        QTest::newRow("3x3 all-ones filter, no padding") << shape(1, 1, 3, 3, 1, 3, 3, 0, 1, 1) << iota(9)
                                                         << std::vector<float>(9, 1.0f) << std::vector<double>{45};
        // Padding 1: each output sums the 3x3 neighbourhood that exists.
        QTest::newRow("3x3 all-ones filter, pad 1") << shape(1, 1, 3, 3, 1, 3, 3, 1, 1, 1) << iota(9) << std::vector<float>(9, 1.0f)
                                                    << std::vector<double>{12, 21, 16, 27, 45, 33, 24, 39, 28};
        // Cross-correlation, not convolution: a filter with a single 1 at top-left picks x[p-1][q-1].
        QTest::newRow("cross-correlation orientation") << shape(1, 1, 3, 3, 1, 3, 3, 1, 1, 1) << iota(9)
                                                       << std::vector<float>{1, 0, 0, 0, 0, 0, 0, 0, 0}
                                                       << std::vector<double>{0, 0, 0, 0, 1, 2, 0, 4, 5};
        // 4x4 image 1..16, 1x1 filter weight 2, stride 2: picks (0,0),(0,2),(2,0),(2,2).
        QTest::newRow("1x1 stride 2") << shape(1, 1, 4, 4, 1, 1, 1, 0, 2, 1) << iota(16) << std::vector<float>{2}
                                      << std::vector<double>{2, 6, 18, 22};
        // 5x5 image 1..25, 3x3 ones with dilation 2: taps at rows/cols 0,2,4 -> 1+3+5+11+13+15+21+23+25.
        QTest::newRow("3x3 dilation 2") << shape(1, 1, 5, 5, 1, 3, 3, 0, 1, 2) << iota(25) << std::vector<float>(9, 1.0f)
                                        << std::vector<double>{117};
        // Two channels, two filters: filter 0 = [1 on c0, 0 on c1], filter 1 = [1 on c0, -1 on c1]; 1x1 window.
        // x c0 = 1,2 ; c1 = 10,20 (1x2 image).
        QTest::newRow("channels and filters") << shape(1, 2, 1, 2, 2, 1, 1, 0, 1, 1) << std::vector<float>{1, 2, 10, 20}
                                              << std::vector<float>{1, 0, 1, -1} << std::vector<double>{1, 2, -9, -18};
        // Batch of two: the second image is the first times 3.
        QTest::newRow("batch") << shape(2, 1, 1, 2, 1, 1, 2, 0, 1, 1) << std::vector<float>{1, 2, 3, 6}
                               << std::vector<float>{1, 10} << std::vector<double>{21, 63};
    }
    void handComputed()
    {
        QFETCH(ConvShape, sh);
        QFETCH(std::vector<float>, x);
        QFETCH(std::vector<float>, w);
        QFETCH(std::vector<double>, expected);
        QCOMPARE(x.size(), sh.inputCount());
        QCOMPARE(w.size(), sh.filterCount());
        QCOMPARE(sh.outputCount(), expected.size());
        QCOMPARE(referenceAll(x.data(), w.data(), sh), expected);

        std::vector<float> y(expected.begin(), expected.end());
        const Comparison ok = compareWithReference(y.data(), x.data(), w.data(), sh);
        QVERIFY(ok.full);
        QCOMPARE(ok.relError, 0.0);
        QVERIFY(ok.pass(1e-5));
        y.back() += 1.0f;
        QVERIFY(!compareWithReference(y.data(), x.data(), w.data(), sh).pass(1e-5));
        y.back() = std::nanf("");
        const Comparison nan = compareWithReference(y.data(), x.data(), w.data(), sh);
        QCOMPARE(nan.nonFinite, size_t(1));
        QVERIFY(!nan.pass(1e-5));
    }

    void largeShapesAreSampledButScanForNaN()
    {
        const ConvShape sh = standardShapes().at(1); // the ResNet layer
        QCOMPARE(sh.outH(), 56);
        QCOMPARE(sh.outputCount(), size_t(32) * 64 * 56 * 56);
        std::vector<float> x(sh.inputCount()), w(sh.filterCount());
        fillRandom(x, 1);
        fillRandom(w, 2);
        // A correct output only where the sample looks would still fail on a NaN anywhere else.
        std::vector<float> y(sh.outputCount(), 0.0f);
        y[y.size() / 2 + 7] = std::nanf("");
        const Comparison c = compareWithReference(y.data(), x.data(), w.data(), sh);
        QVERIFY(!c.full);
        QCOMPARE(c.checked, size_t(56 * 56) + kSampleCount);
        QCOMPARE(c.nonFinite, size_t(1));
        QVERIFY(!c.pass(1e-5));
    }

    void standardShapesMatchTheIssue()
    {
        const auto v = standardShapes();
        QCOMPARE(v.size(), size_t(4));
        QCOMPARE(QString::fromStdString(v[0].describe()), QString("1x3x32x32 -> 8, 3x3, pad 1, stride 1, dilation 1"));
        QCOMPARE(QString::fromStdString(v[1].describe()), QString("32x64x56x56 -> 64, 3x3, pad 1, stride 1, dilation 1"));
        QCOMPARE(v[2].r, 1);
        QCOMPARE(v[2].strideH, 2);
        QCOMPARE(v[3].dilH, 2);
        QCOMPARE(v[1].flops(), 2.0 * 32 * 64 * 56 * 56 * 64 * 9);
    }

    void halfConversionRoundTrips_data()
    {
        QTest::addColumn<float>("value");
        QTest::addColumn<float>("expected");
        QTest::newRow("one") << 1.0f << 1.0f;
        QTest::newRow("-2.5") << -2.5f << -2.5f;
        QTest::newRow("rounds to 11 bits") << 1.0f + 1.0f / 4096 << 1.0f;
        QTest::newRow("ties to even up") << 1.0f + 3.0f / 2048 << 1.0f + 4.0f / 2048;
        QTest::newRow("max half") << 65504.0f << 65504.0f;
        QTest::newRow("overflow to inf") << 1e6f << INFINITY;
        QTest::newRow("subnormal") << 5.960464477539063e-08f << 5.960464477539063e-08f;
    }
    void halfConversionRoundTrips()
    {
        QFETCH(float, value);
        QFETCH(float, expected);
        QCOMPARE(halfToFloat(floatToHalf(value)), expected);
    }
};

QTEST_GUILESS_MAIN(TestConvReference)
#include "tst_convreference.moc"
