/** Fills an empty database with the demo catalogue (never with NODE_ENV=production); an older demo database gets its missing Russian texts. */
import type { Sql, Tx } from '../db/database.js';
import { advisorSeeding } from '../advisors/index.js';
import { reviewSeeding, type ReviewSeeding } from '../reviews/index.js';
import { DEMO_ADVISORS, demoClients, demoReviews, type DemoReview } from './demo-advisors.js';
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
      for (const [index, demo] of DEMO_ADVISORS.entries()) {
        const ru = DEMO_TEXTS_RU[demo.slug];
        if (ru) await demoRepository.addMissingTranslation(tx, demo.name, 'ru', ru);
        await refreshSeededReviews(tx, demoRepository, reviews, index, demo.name);
      }
      return 0;
    }
    for (const [index, demo] of DEMO_ADVISORS.entries()) {
      const { slug, ...fields } = demo;
      const list = demoReviews(index);
      const id = await advisors.insert(
        {
          ...fields,
          clients: demoClients(index, list.length),
          avatar_url: `/avatars/${slug}.svg`,
          text_language: 'en',
          is_demo: true,
        },
        tx,
      );
      const ru = DEMO_TEXTS_RU[slug];
      if (ru) await advisors.replaceTranslations(tx, id, { ru });
      await insertReviews(tx, reviews, id, list);
      await advisors.addToRating(
        tx,
        id,
        list.reduce((sum, review) => sum + review.rating, 0),
        list.length,
      );
    }
    return DEMO_ADVISORS.length;
  });
}

async function insertReviews(
  tx: Tx,
  reviews: ReviewSeeding,
  advisorId: number,
  list: DemoReview[],
): Promise<void> {
  for (const review of list) {
    await reviews.insert(tx, {
      advisorId,
      userId: null,
      authorName: review.author,
      rating: review.rating,
      text: review.text,
      textLanguage: 'en',
      translations: { ru: review.ru },
      createdAt: new Date(Date.now() - review.daysAgo * 86_400_000),
    });
  }
}

/**
 * A demo database seeded before reviews matched their stars (decision 051): its seeded reviews
 * (never a user's own) are replaced by the current ones and the client figure follows them.
 * Nothing changes when they already are the current ones.
 */
async function refreshSeededReviews(
  tx: Tx,
  demo: DemoRepository,
  reviews: ReviewSeeding,
  index: number,
  name: string,
): Promise<void> {
  const state = await demo.seededState(tx, name);
  if (!state) return;
  const list = demoReviews(index);
  const clients = demoClients(index, list.length);
  const same =
    state.clients === clients &&
    state.reviews.length === list.length &&
    state.reviews.every((r, i) => r.rating === list[i]!.rating && r.text === list[i]!.text);
  if (same) return;
  await demo.deleteSeededReviews(tx, state.id);
  await insertReviews(tx, reviews, state.id, list);
  await demo.settle(tx, state.id, clients);
}
