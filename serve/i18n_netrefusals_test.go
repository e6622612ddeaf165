package serve

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/text/language"

	"queuelab/examples/networks"
)

// TestNetRefusalsTranslated makes, on the real examples, changes the live
// network refuses for a station kind or feature (a fork's or a router's
// servers, a router's policy, a buffer a station lacks, a schedule's
// servers, a balking list), and checks the reason the page shows in
// Turkish and Uzbek, whole: a template missing or worded differently
// from the model's error leaves English in it.
func TestNetRefusalsTranslated(t *testing.T) {
	for _, tc := range []struct{ example, change, tr, uz string }{
		{"fork-join", "servers split=2",
			`"split" istasyonunun sunucuları: bir çatalın sunucusu yoktur`,
			`"split" stansiyasining serverlari: ayrilish nuqtasining serveri yo‘q`},
		{"fork-join", "servers merge=2",
			`"merge" istasyonunun sunucuları: bir birleşmenin sunucusu yoktur`,
			`"merge" stansiyasining serverlari: birlashish nuqtasining serveri yo‘q`},
		{"fork-join", "route split>left=0.5",
			`"split" yönlendirmesi: bir çatal her işin görevlerini split'iyle gönderir: {STATION: görevler, …}; "left" istasyonuna olasılıklarla değil`,
			`"split" yo‘naltirishi: ayrilish nuqtasi har bir ishning vazifalarini o‘z split i bilan yuboradi: {STATION: vazifalar, …}; "left" ga ehtimolliklar bilan emas`},
		{"jsq-vs-random", "servers balancer=2",
			`"balancer" istasyonunun sunucuları: bir yönlendiricinin sunucusu yoktur`,
			`"balancer" stansiyasining serverlari: marshrutizatorning serveri yo‘q`},
		{"jsq-vs-random", "policy balancer=foo",
			`"balancer" yönlendiricisinin politikası: bilinmeyen politika "foo" (geçerli: random, round-robin, jsq, power-of-d)`,
			`"balancer" marshrutizatorining siyosati: noma’lum siyosat "foo" (yaroqli: random, round-robin, jsq, power-of-d)`},
		{"jsq-vs-random", "buffer left=3",
			`"left" istasyonunun tamponu: değiştirilecek bir değeri yok (dosyada ona bir değer verin)`,
			`"left" stansiyasining buferi: o‘zgartiriladigan qiymati yo‘q (faylda unga qiymat bering)`},
		{"blocking-tandem", "buffer second=1000000000",
			`"second" istasyonunun tamponu: max(1, sunucular = 1) ile 100.000.000 arasında bir tam sayı olmalı, verilen 1.000.000.000`,
			"\"second\" stansiyasining buferi: max(1, serverlar = 1) dan 100\u00a0000\u00a0000 gacha butun son bo‘lishi kerak, berilgan 1\u00a0000\u00a0000\u00a0000"},
		{"shifts", "servers desk=3",
			`"desk" istasyonunun sunucuları: istasyonun vardiya çizelgesine uyarlar`,
			`"desk" stansiyasining serverlari: ular stansiyaning smenalar jadvaliga amal qiladi`},
		{"balking", "join stall=1, 2",
			`"stall" istasyonunun katılma olasılıkları (join_probability): [1]: bir olasılık [0; 1] aralığında olmalı, verilen 2`,
			`"stall" stansiyasining qo‘shilish ehtimollari (join_probability): [1]: ehtimollik [0; 1] oralig‘ida bo‘lishi kerak, berilgan 2`},
		{"balking", "servers stall=2",
			`"stall" istasyonunun sunucuları: yüke bağlı bir istasyon (rates) tek sunucusunu korur`,
			`"stall" stansiyasining serverlari: yukka bog‘liq stansiya (rates) o‘zining bitta serverini saqlaydi`},
	} {
		t.Run(tc.example+"/"+tc.change, func(t *testing.T) {
			var src []byte
			for _, e := range networks.Catalogue() {
				if e.Name == tc.example+".yaml" {
					src = e.Source
				}
			}
			require.NotNil(t, src, tc.example)
			l, err := OpenNetwork(tc.example+".yaml", src, 1)
			require.NoError(t, err)
			ch, err := ParseNetChange(tc.change)
			require.NoError(t, err)
			err = l.Apply(ch)
			require.Error(t, err, "the change is refused")
			assert.Equal(t, tc.tr, translateError(language.Turkish, err.Error()), err.Error())
			assert.Equal(t, tc.uz, translateError(language.Uzbek, err.Error()), err.Error())
		})
	}
}
