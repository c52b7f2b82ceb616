/** Fills an empty database with the demo catalogue (never with NODE_ENV=production); an older demo database gets its missing Russian texts. */
import type { Sql } from '../db/database.js';
import { advisorSeeding } from '../advisors/index.js';
import { reviewSeeding } from '../reviews/index.js';
import { DEMO_ADVISORS, demoReviews } from './demo-advisors.js';
import { DemoRepository } from './demo.repository.js';
import { DEMO_TEXTS_RU } from './demo-texts-ru.js';

export async function seedDemoData(sql: Sql): Promise<number> {
  return sql.begin(async (tx) => {
    const advisors = advisorSeeding(sql);
    const reviews = reviewSeeding(sql);
    const demoRepository = new DemoRepository();
    await demoRepository.lockForSeeding(tx);
    if ((await advisors.count(tx)) > 0) {
      // Seeded before texts had languages: give the demo advisors their Russian texts.
      for (const demo of DEMO_ADVISORS) {
        const ru = DEMO_TEXTS_RU[demo.slug];
        if (ru) await demoRepository.addMissingTranslation(tx, demo.name, 'ru', ru);
      }
      return 0;
    }
    for (const [index, demo] of DEMO_ADVISORS.entries()) {
      const { slug, ...fields } = demo;
      const id = await advisors.insert(
        { ...fields, avatar_url: `/avatars/${slug}.svg`, text_language: 'en', is_demo: true },
        tx,
      );
      const ru = DEMO_TEXTS_RU[slug];
      if (ru) await advisors.replaceTranslations(tx, id, { ru });
      let sum = 0;
      const list = demoReviews(index);
      for (const review of list) {
        sum += review.rating;
        await reviews.insert(tx, {
          advisorId: id,
          userId: null,
          authorName: review.author,
          rating: review.rating,
          text: review.text,
          textLanguage: 'en',
          translations: { ru: review.ru },
          createdAt: new Date(Date.now() - review.daysAgo * 86_400_000),
        });
      }
      await advisors.addToRating(tx, id, sum, list.length);
    }
    return DEMO_ADVISORS.length;
  });
}
